/** The last resort when even the error page cannot render (spec §8, spelling as given). */
export function fallbackErrorHtml(): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Error | Northbridge Rovers FC</title></head><body><main><p>An error occured while showing the error page</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
}
