const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * Text (or an attribute value) for an XML document: markup characters escaped and the control
 * characters XML 1.0 forbids dropped. The feeds (desktop) and the sitemaps (API) write with it.
 */
export function xmlText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c)
  );
}
