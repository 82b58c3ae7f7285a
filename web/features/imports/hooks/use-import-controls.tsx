import { useState, type ReactNode } from 'react';
import { useToast } from '../../../components/ui/toast';
import { useImports } from '../api/get-import';
import { ImportDialog } from '../components/import-dialog';
import { ImportHistory } from '../components/import-history';
import { ImportStatus } from '../components/import-status';
import { SyncedSheets } from '../components/synced-sheets';

/** The parts of an import the Items tab shows in its own places: the button, the progress panel and the dialog. */
export type ImportControls = { button: ReactNode; status: ReactNode; dialog: ReactNode; synced: ReactNode; history: ReactNode };

/**
 * Import on the Items tab (issue 15). The admin page hands these to the tab, since features never import each
 * other. A running import (this tab's, or one started before a reload) shows its progress; a dismissed one does not.
 */
export function useImportControls(): ImportControls {
  const toast = useToast();
  const [importing, setImporting] = useState(false);
  const [importShown, setImportShown] = useState<string | null>(null);
  const imports = useImports();
  const running = imports.data?.items.find((i) => i.status === 'running');
  const shownImport = importShown ?? running?.id ?? null;

  return {
    button: (
      <button type="button" className="button button-ghost" onClick={() => setImporting(true)}>
        Import
      </button>
    ),
    status: shownImport && (
      <ImportStatus id={shownImport} onDismiss={() => setImportShown(running && running.id !== shownImport ? running.id : null)} />
    ),
    synced: <SyncedSheets />,
    history: <ImportHistory />,
    dialog: importing && (
      <ImportDialog
        onClose={() => setImporting(false)}
        onStarted={(started) => {
          setImporting(false);
          setImportShown(started.id);
          toast('The import has started.', 'success');
        }}
      />
    ),
  };
}
