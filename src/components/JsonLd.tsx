import { jsonLdText, type JsonLdObject } from "../structured-data/json-ld";

/** One structured-data block (src/structured-data/): escaped JSON, never executed. */
export function JsonLd({ data }: { data: JsonLdObject | JsonLdObject[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
