-- The site language an account chose (issue 41): the language switcher keeps it for a signed-in visitor, and the
-- mails the account gets (price drops) are written in it. Null: not chosen (English).
ALTER TABLE "user_preferences" ADD COLUMN "language" text;
