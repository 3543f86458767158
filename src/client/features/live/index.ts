/** Live updates: what other features may use (house style 9). */
export { LiveUpdates, authorName, noteFor } from './LiveUpdates';
export { subscribeLive, type LiveEvent } from './connection';
