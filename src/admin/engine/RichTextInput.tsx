import {
  AlignmentButtons,
  ClearButtons,
  ColorButtons,
  DefaultEditorOptions,
  RichTextInput as Editor,
  FormatButtons,
  ImageButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInputToolbar,
} from 'ra-input-rich-text';

/**
 * The rich text editor (tiptap): its own chunk, loaded only by a form with a rich text field.
 * The editing area is named after its field, and the heading level menu is left out: its list
 * items sit outside a list, which screen readers cannot announce.
 */
export default function RichTextInput({
  source,
  label,
  isRequired,
}: {
  source: string;
  label: string;
  isRequired?: boolean;
}) {
  return (
    <Editor
      source={source}
      isRequired={isRequired}
      fullWidth
      editorOptions={{
        ...DefaultEditorOptions,
        editorProps: { attributes: { 'aria-label': label } },
      }}
      toolbar={
        <RichTextInputToolbar>
          <FormatButtons />
          <ColorButtons />
          <AlignmentButtons />
          <ListButtons />
          <LinkButtons />
          <ImageButtons />
          <QuoteButtons />
          <ClearButtons />
        </RichTextInputToolbar>
      }
    />
  );
}
