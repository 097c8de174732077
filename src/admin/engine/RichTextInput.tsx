import { RichTextInput as Editor } from 'ra-input-rich-text';

/** The rich text editor (tiptap): its own chunk, loaded only by a form with a rich text field. */
export default function RichTextInput({ source, isRequired }: { source: string; isRequired?: boolean }) {
  return <Editor source={source} isRequired={isRequired} fullWidth />;
}
