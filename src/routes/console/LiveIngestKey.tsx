import { useEffect, useRef, useState } from "react";
import type { IssuedKeyAnswer, LiveEvent } from "../../schemas/console-live";

/**
 * What an encoder is given for a live event: the OBS steps, and a key just issued with its SRT
 * push address and the RTMP server, each with a Copy button. SRT is recommended: it encrypts the
 * media and the key; RTMP sends the key in plain text.
 */
export function ObsSettings({ mediaType }: { mediaType: LiveEvent["mediaType"] }) {
  return (
    <div className="console-live__obs">
      <p>In OBS:</p>
      <ol>
        <li>Settings, Stream: Service “Custom…”. SRT (recommended: encrypted): Server is the full push address shown when the key was issued; Stream Key stays empty. Or RTMP: Server is the RTMP server; Stream Key is the key.</li>
        {mediaType === "video" ? (
          <li>Settings, Output (Advanced): x264, rate control CBR, 2500 Kbps, keyframe interval 2 s; audio AAC 128 Kbps. Settings, Video: output 1280×720, 25 or 30 fps.</li>
        ) : (
          <li>Settings, Output: audio AAC 96 Kbps or more; the picture is not used for an audio event.</li>
        )}
        <li>Press Start Streaming: the event shows Live here within a few seconds of the first segments.</li>
      </ol>
    </div>
  );
}

/** The key just issued: shown once, with Copy buttons; gone from the page on Done or a reload. */
export function IssuedKey({ title, issued, onClose }: { title: string; issued: IssuedKeyAnswer; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [issued]);
  return (
    <section className="console-live__issued" aria-labelledby="issued-heading" data-issued-key>
      <h3 id="issued-heading" ref={heading} tabIndex={-1} className="content-form__title">
        Stream key for {title}
      </h3>
      <p>This key is shown only now. Copy it into the encoder; if it is lost, rotate the key to get a new one.</p>
      <p>SRT (recommended: encrypted):</p>
      <CopyLine label="Full push address (OBS Server)" value={issued.srt.pushUrl} />
      <CopyLine label="SRT address" value={issued.srt.url} />
      <CopyLine label="Passphrase (stream key)" value={issued.key} />
      <p>Or RTMP, if the encoder has no SRT (not encrypted: the key travels in plain text):</p>
      <CopyLine label="RTMP server" value={issued.rtmp.url} />
      <CopyLine label="RTMP stream key" value={issued.key} />
      <button type="button" className="console__button" onClick={onClose}>
        Done, hide the key
      </button>
    </section>
  );
}

function CopyLine({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="console-live__copy">
      <span className="console-live__copy-label">{label}</span>
      <code className="console-live__code" data-copy={label}>
        {value}
      </code>
      <button
        type="button"
        className="console__button"
        aria-label={`${copied ? "Copied" : "Copy"} the ${label.toLowerCase()}`}
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {copied ? "Copied" : "Copy"}
      </button>
    </div>
  );
}
