/**
 * A small strict RFC 5545 reader for the calendar tests (ical.js is not installed here): it
 * refuses what a careful client would refuse rather than guessing. CRLF only, physical lines of
 * at most 75 octets, unfolding (§3.1), content lines NAME[;PARAM=..]:VALUE, BEGIN/END nesting,
 * and TEXT unescaping (§3.3.11) that rejects unknown escapes and bare ',' or ';'.
 */
export interface ICalProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}

export interface ICalComponent {
  name: string;
  properties: ICalProperty[];
  components: ICalComponent[];
}

const TEXT_PROPERTIES = new Set(["SUMMARY", "LOCATION", "DESCRIPTION", "X-WR-CALNAME", "COMMENT"]);
const encoder = new TextEncoder();

export function parseICalendar(text: string): ICalComponent {
  if (!text.endsWith("\r\n")) throw new Error("the calendar must end with CRLF");
  const physical = text.slice(0, -2).split("\r\n");
  const logical: string[] = [];
  for (const [i, line] of physical.entries()) {
    if (/[\r\n]/.test(line)) throw new Error(`bare CR or LF on line ${i + 1}`);
    if (encoder.encode(line).length > 75) throw new Error(`line ${i + 1} is longer than 75 octets`);
    if (line.startsWith(" ") || line.startsWith("\t")) {
      if (logical.length === 0) throw new Error("a continuation line cannot come first");
      logical[logical.length - 1] += line.slice(1);
    } else {
      logical.push(line);
    }
  }
  const stack: ICalComponent[] = [];
  let root: ICalComponent | null = null;
  for (const line of logical) {
    const property = parseContentLine(line);
    if (property.name === "BEGIN") {
      const component: ICalComponent = { name: property.value, properties: [], components: [] };
      if (stack.length > 0) stack[stack.length - 1]!.components.push(component);
      else if (root) throw new Error("a second top-level component");
      else root = component;
      stack.push(component);
    } else if (property.name === "END") {
      const open = stack.pop();
      if (!open || open.name !== property.value) throw new Error(`END:${property.value} does not close ${open?.name ?? "anything"}`);
    } else {
      const current = stack[stack.length - 1];
      if (!current) throw new Error(`property ${property.name} outside any component`);
      current.properties.push(TEXT_PROPERTIES.has(property.name) ? { ...property, value: unescapeText(property.value) } : property);
    }
  }
  if (stack.length > 0 || !root) throw new Error("unclosed component");
  return root;
}

function parseContentLine(line: string): ICalProperty {
  const match = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*))*):(.*)$/.exec(line);
  if (!match) throw new Error(`not a content line: ${line}`);
  const params: Record<string, string> = {};
  for (const part of match[2]!.split(";").slice(1)) {
    const at = part.indexOf("=");
    params[part.slice(0, at).toUpperCase()] = part.slice(at + 1).replace(/^"|"$/g, "");
  }
  return { name: match[1]!.toUpperCase(), params, value: match[3]! };
}

function unescapeText(value: string): string {
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    if (char === "\\") {
      const next = value[++i];
      if (next === "\\" || next === ";" || next === ",") out += next;
      else if (next === "n" || next === "N") out += "\n";
      else throw new Error(`unknown escape \\${next ?? ""} in ${value}`);
    } else if (char === ";" || char === ",") {
      throw new Error(`unescaped '${char}' in TEXT ${value}`);
    } else {
      out += char;
    }
  }
  return out;
}

/** The one value of a property that must appear exactly once. */
export function single(component: ICalComponent, name: string): string {
  const found = component.properties.filter((p) => p.name === name);
  if (found.length !== 1) throw new Error(`${component.name} has ${found.length} ${name}`);
  return found[0]!.value;
}
