/**
 * Last resort when the error page itself fails (spec §8): the text as given, spelling
 * included, and a plain link home (no router or state needed, so it cannot fail the same way).
 */
export default function ErrorPageFallback() {
  return (
    <main className="error-fallback">
      <p className="error-fallback__text">An error occured while showing the error page</p>
      <a href="/" className="error-fallback__link">
        Go to the home page
      </a>
    </main>
  );
}
