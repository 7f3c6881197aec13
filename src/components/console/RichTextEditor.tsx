import { useState, type KeyboardEvent, type SyntheticEvent } from "react";
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { LibraryPhoto, RoversVideo } from "./rich-text-nodes";
import { MediaPicker } from "./MediaPicker";
import { VideoFinder } from "./VideoFinder";
import { fallbackWidth, mediaHeight, mediaImageUrl, mediaSrcset, nearestRatio } from "../../domain/media-image";
import type { MediaItem } from "../../schemas/media";
import type { Video } from "../../schemas/videos";

/**
 * The rich text of an article or a page: Tiptap (ProseMirror) with only what the site's sanitiser
 * keeps (worker/html/sanitize-html.ts): paragraphs, h2 and h3, bold, italic, underline, strike,
 * lists, quotes, links, a horizontal rule, a library photo with its caption (chosen in the media
 * picker, where a new one can be uploaded) and a Rovers TV video (found by its title). Loaded as
 * its own chunk, in the browser only, so no other page's code grows. Keyboard: every toolbar
 * button is a real button in one toolbar (Tab reaches it, then the text), the usual shortcuts work
 * in the text (Ctrl+B, Ctrl+I, Ctrl+Shift+8 for a list…), and Tab leaves the text rather than
 * being caught.
 */
type Props = { labelledBy: string; describedBy?: string | undefined; html: string; onChange: (html: string) => void };

type Inserting = null | "link" | "caption" | "video";

function Toggle({ editor, label, active, run }: { editor: Editor; label: string; active: boolean; run: (e: Editor) => void }) {
  return (
    <button type="button" className="rte__button" aria-pressed={active} onClick={() => run(editor)}>
      {label}
    </button>
  );
}

/** The figure's picture: WebP at every served width up to the original's, in the photo's own shape. */
function photoAttrs(item: MediaItem) {
  const ratio = nearestRatio(item.width, item.height);
  const width = fallbackWidth(960, item.width);
  return { src: mediaImageUrl(item.id, item.version, width, mediaHeight(width, ratio), "webp"), srcset: mediaSrcset(item, ratio, "webp"), alt: item.alt, width: String(width), height: String(mediaHeight(width, ratio)) };
}

export default function RichTextEditor({ labelledBy, describedBy, html, onChange }: Props) {
  const [inserting, setInserting] = useState<Inserting>(null);
  const [address, setAddress] = useState("");
  const [caption, setCaption] = useState("");
  const [photo, setPhoto] = useState<MediaItem | null>(null);
  const [picking, setPicking] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, code: false, codeBlock: false, link: { openOnClick: false, autolink: true, defaultProtocol: "https" } }),
      LibraryPhoto,
      RoversVideo,
    ],
    content: html,
    immediatelyRender: false,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        class: "rte__text",
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelledBy,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });
  if (!editor) return <p className="rte__loading">Loading the editor…</p>;

  const openLink = () => {
    setInserting("link");
    setAddress(String(editor.getAttributes("link").href ?? ""));
  };
  const picked = (item: MediaItem) => {
    setPhoto(item);
    setCaption("");
    setInserting("caption");
  };
  // The editor sits inside the article's or page's form, so its small forms are groups, not forms
  // (a form inside a form is submitted by the browser itself): Enter in a field applies them.
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") insert(event);
  };
  const insert = (event: SyntheticEvent) => {
    event.preventDefault();
    const chain = editor.chain().focus();
    if (inserting === "link") {
      const href = address.trim();
      if (href === "") chain.extendMarkRange("link").unsetLink().run();
      else chain.extendMarkRange("link").setLink({ href }).run();
    } else if (inserting === "caption" && photo) {
      const text = caption.trim();
      chain.insertContent({ type: "libraryPhoto", attrs: photoAttrs(photo), content: text ? [{ type: "text", text }] : [] }).run();
    }
    setInserting(null);
    setPhoto(null);
  };
  const insertVideo = (video: Video) => {
    editor.chain().focus().insertContent({ type: "roversVideo", attrs: { entryId: video.entryId, title: video.title } }).run();
    setInserting(null);
  };

  return (
    <div className="rte">
      <div className="rte__toolbar" role="toolbar" aria-label="Text formatting">
        <Toggle editor={editor} label="Bold" active={editor.isActive("bold")} run={(e) => e.chain().focus().toggleBold().run()} />
        <Toggle editor={editor} label="Italic" active={editor.isActive("italic")} run={(e) => e.chain().focus().toggleItalic().run()} />
        <Toggle editor={editor} label="Heading" active={editor.isActive("heading", { level: 2 })} run={(e) => e.chain().focus().toggleHeading({ level: 2 }).run()} />
        <Toggle editor={editor} label="Subheading" active={editor.isActive("heading", { level: 3 })} run={(e) => e.chain().focus().toggleHeading({ level: 3 }).run()} />
        <Toggle editor={editor} label="List" active={editor.isActive("bulletList")} run={(e) => e.chain().focus().toggleBulletList().run()} />
        <Toggle editor={editor} label="Numbered list" active={editor.isActive("orderedList")} run={(e) => e.chain().focus().toggleOrderedList().run()} />
        <Toggle editor={editor} label="Quote" active={editor.isActive("blockquote")} run={(e) => e.chain().focus().toggleBlockquote().run()} />
        <button type="button" className="rte__button" aria-pressed={editor.isActive("link")} onClick={openLink}>
          Link
        </button>
        <button type="button" className="rte__button" onClick={() => setPicking(true)}>
          Insert photo
        </button>
        <button type="button" className="rte__button" onClick={() => setInserting("video")}>
          Insert Rovers TV video
        </button>
      </div>
      {inserting === "link" || (inserting === "caption" && photo) ? (
        <div className="rte__insert" role="group" aria-label={inserting === "link" ? "Link" : "Photo caption"}>
          {inserting === "link" ? (
            <label>
              Link address (empty removes the link)
              <input type="text" value={address} onChange={(e) => setAddress(e.target.value)} onKeyDown={onEnter} autoFocus className="cfield__control" />
            </label>
          ) : (
            <>
              <p className="rte__chosen">Photo: {photo?.alt}</p>
              <label>
                Caption (optional; it can be changed in the text later)
                <input type="text" value={caption} maxLength={300} onChange={(e) => setCaption(e.target.value)} onKeyDown={onEnter} autoFocus className="cfield__control" />
              </label>
            </>
          )}
          <button type="button" className="console-accounts__button" onClick={insert}>
            {inserting === "link" ? "Apply" : "Insert the photo"}
          </button>
          <button type="button" className="console-accounts__button console-accounts__button--plain" onClick={() => setInserting(null)}>
            Cancel
          </button>
        </div>
      ) : null}
      {inserting === "video" ? <VideoFinder onPick={insertVideo} onCancel={() => setInserting(null)} /> : null}
      <MediaPicker id={`${labelledBy}-picker`} title="Insert a photo in the text" open={picking} onPick={picked} onClose={() => setPicking(false)} />
      <EditorContent editor={editor} />
    </div>
  );
}
