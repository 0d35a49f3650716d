// Addresses of a member's chat, without the member actions' endpoint definitions (and so without zod): the like
// popup is in every page's bundle (decision 029).
export const chatHref = (id: number) => `/members/${id}/chat`
export const giftHref = (id: number) => `/members/${id}/chat?gift=1`
