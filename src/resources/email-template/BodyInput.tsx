import { RichTextInput } from 'ra-input-rich-text';
import { useTranslate } from 'react-admin';

/** The rich text editor (tiptap); its own chunk, loaded only by the update form. */
export default function BodyInput() {
  const translate = useTranslate();
  return <RichTextInput source="body" label={translate('app.tables.body')} isRequired fullWidth />;
}
