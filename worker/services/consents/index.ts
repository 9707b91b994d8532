// The GDPR consents page's public face (issue #24 §3): the consents with their history. An area of its
// own because it joins two others (accounts and the newsletter) and neither may import the other's index both ways.
export { createPrivacyConsents, type ConsentHistoryRow, type ConsentsView, type PrivacyConsents } from './privacy-consents';
