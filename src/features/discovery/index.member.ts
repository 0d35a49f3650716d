// The discovery feature's part of a member's page chrome (banners, popups), loaded only for a logged-in member through
// src/features/layout/member-chrome-slot: kept apart from index.ts so a visitor's page never reaches it (decision 036).
export { LikePopup } from './like-popup'
