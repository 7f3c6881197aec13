import { useState, type FormEvent } from "react";
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";

/**
 * The article body's editor: Tiptap (ProseMirror) with only what the site's sanitiser keeps
 * (worker/html/sanitize-html.ts): paragraphs, h2 and h3, bold, italic, underline, strike, lists,
 * quotes, links, images with alternative text, a horizontal rule. Loaded as its own chunk by the
 * article page, in the browser only, so no other page's code grows. Keyboard: every toolbar button
 * is a real button in one toolbar (Tab reaches it, then the text), the usual shortcuts work in the
 * text (Ctrl+B, Ctrl+I, Ctrl+Shift+8 for a list…), and Tab leaves the text rather than being caught.
 */
type Props = { labelledBy: string; describedBy?: string | undefined; html: string; onChange: (html: string) => void };

type Inserting = null | "link" | "image" | "video";

function Toggle({ editor, label, active, run }: { editor: Editor; label: string; active: boolean; run: (e: Editor) => void }) {
  return (
    <button type="button" className="rte__button" aria-pressed={active} onClick={() => run(editor)}>
      {label}
    </button>
  );
}

export default function RichTextEditor({ labelledBy, describedBy, html, onChange }: Props) {
  const [inserting, setInserting] = useState<Inserting>(null);
  const [address, setAddress] = useState("");
  const [alt, setAlt] = useState("");
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, code: false, codeBlock: false, link: { openOnClick: false, autolink: true, defaultProtocol: "https" } }),
      Image.configure({ inline: false }),
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

  const open = (what: Inserting) => {
    setInserting(what);
    setAddress(what === "link" ? String(editor.getAttributes("link").href ?? "") : "");
    setAlt("");
  };
  const insert = (event: FormEvent) => {
    event.preventDefault();
    const href = address.trim();
    const chain = editor.chain().focus();
    if (inserting === "link") {
      if (href === "") chain.extendMarkRange("link").unsetLink().run();
      else chain.extendMarkRange("link").setLink({ href }).run();
    } else if (inserting === "image" && href !== "") {
      chain.setImage({ src: href, alt: alt.trim() }).run();
    } else if (inserting === "video" && href !== "") {
      // A Rovers TV video is linked by its page: its player checks the viewer's access there.
      const path = href.startsWith("/videos/") ? href : `/videos/${href.replace(/^\/+/, "")}`;
      chain.insertContent(`<p><a href="${path.replace(/"/g, "")}">Watch on Rovers TV: ${alt.trim().replace(/[<>&"]/g, "") || "video"}</a></p>`).run();
    }
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
        <button type="button" className="rte__button" aria-pressed={editor.isActive("link")} onClick={() => open("link")}>
          Link
        </button>
        <button type="button" className="rte__button" onClick={() => open("image")}>
          Image
        </button>
        <button type="button" className="rte__button" onClick={() => open("video")}>
          Rovers TV video
        </button>
      </div>
      {inserting ? (
        <form className="rte__insert" onSubmit={insert} aria-label={inserting === "link" ? "Link" : inserting === "image" ? "Image" : "Rovers TV video"}>
          <label>
            {inserting === "link" ? "Link address (empty removes the link)" : inserting === "image" ? "Image address (https or a path on this site)" : "Video page (/videos/…)"}
            <input type="text" value={address} onChange={(e) => setAddress(e.target.value)} autoFocus className="cfield__control" />
          </label>
          {inserting !== "link" ? (
            <label>
              {inserting === "image" ? "Describe the image (alternative text)" : "Video title"}
              <input type="text" value={alt} onChange={(e) => setAlt(e.target.value)} className="cfield__control" />
            </label>
          ) : null}
          <button type="submit" className="console-accounts__button">Insert</button>
          <button type="button" className="console-accounts__button console-accounts__button--plain" onClick={() => setInserting(null)}>
            Cancel
          </button>
        </form>
      ) : null}
      <EditorContent editor={editor} />
    </div>
  );
}
