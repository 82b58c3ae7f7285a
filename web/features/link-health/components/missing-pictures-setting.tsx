import { MISSING_PICTURES_MODES, type MissingPicturesMode } from '../../../../common/schemas/storefront-settings';
import { STOREFRONT_SETTINGS_TEXTS as T, withReason } from '../../../../common/texts/admin';
import { LoadStatus } from '../../../components/ui/load-status';
import { useToast } from '../../../components/ui/toast';
import { reasonOf } from '../../../lib/errors';
import { useSaveStorefrontSettings, useStorefrontSettings } from '../api/storefront-settings';

/** What the storefront does with products without a picture (issue 40): a choice saved as soon as it is made. */
export function MissingPicturesSetting() {
  const settings = useStorefrontSettings();
  const save = useSaveStorefrontSettings();
  const toast = useToast();
  const current = save.isPending && save.variables ? save.variables.missingPictures : settings.data?.missingPictures;
  const choose = (mode: MissingPicturesMode) =>
    save.mutate(
      { missingPictures: mode },
      {
        onSuccess: () => toast(T.saved, 'success'),
        onError: (err) => toast(withReason(T.failed, reasonOf(err)), 'error'),
      },
    );
  return (
    <fieldset className="missing-pictures-setting" aria-describedby="missing-pictures-hint" disabled={save.isPending}>
      <legend>{T.legend}</legend>
      <LoadStatus
        loading={settings.isPending}
        loadingLabel={T.loading}
        failure={settings.isError && reasonOf(settings.error)}
        onRetry={() => void settings.refetch()}
      />
      {settings.data &&
        MISSING_PICTURES_MODES.map((mode) => (
          <label key={mode} className="checkbox">
            <input type="radio" name="missing-pictures" value={mode} checked={current === mode} onChange={() => choose(mode)} />{' '}
            {T.modes[mode]}
          </label>
        ))}
      <p id="missing-pictures-hint" className="field-hint">
        {T.hint}
      </p>
    </fieldset>
  );
}
