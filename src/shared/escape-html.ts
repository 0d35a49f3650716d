// Text for HTML written by hand (server-made pages and mails, the document's head): the five characters that could
// end a text or an attribute value, as entities.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c]!)
