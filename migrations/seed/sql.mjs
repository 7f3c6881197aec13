/** Turning seed rows into INSERT statements, escaped for SQLite/D1. */

export function sqlLiteral(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === "string") {
    if (value.includes("\u0000")) throw new Error("NUL in a seed string");
    return `'${value.replaceAll("'", "''")}'`;
  }
  // Lists (entitlements, benefits) are stored as JSON text.
  return sqlLiteral(JSON.stringify(value));
}

/**
 * Multi-row INSERTs for one table, split so that no statement comes near D1's 100 kB limit.
 * Every row must have the same columns, in the same order as the first row.
 */
export function insertStatements(table, rows, maxChars = 40_000) {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]);
  const head = `INSERT INTO ${table} (${columns.join(", ")}) VALUES\n`;
  const statements = [];
  let values = [];
  let size = head.length;
  for (const row of rows) {
    const keys = Object.keys(row);
    if (keys.length !== columns.length || keys.some((key, i) => key !== columns[i])) {
      throw new Error(`${table}: row columns ${keys.join(",")} differ from ${columns.join(",")}`);
    }
    const tuple = `(${columns.map((column) => sqlLiteral(row[column])).join(", ")})`;
    if (values.length > 0 && size + tuple.length + 2 > maxChars) {
      statements.push(`${head}${values.join(",\n")};`);
      values = [];
      size = head.length;
    }
    values.push(tuple);
    size += tuple.length + 2;
  }
  statements.push(`${head}${values.join(",\n")};`);
  return statements;
}

/** "Théo O'Brien-Smith" → "theo-obrien-smith" */
export function slugify(text) {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ø/gi, "o")
    .replace(/æ/gi, "ae")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Gives each slug once: a repeat gets the `qualifier` (e.g. a date) appended, then "-2", "-3"… */
export function createSlugger() {
  const seen = new Set();
  return (text, qualifier) => {
    const base = slugify(text);
    let slug = base;
    if (seen.has(slug) && qualifier) slug = `${base}-${slugify(qualifier)}`;
    for (let n = 2; seen.has(slug); n++) slug = `${base}-${n}`;
    seen.add(slug);
    return slug;
  };
}

/** Escapes text placed inside HTML written by the seed. */
export function html(text) {
  return String(text).replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}
