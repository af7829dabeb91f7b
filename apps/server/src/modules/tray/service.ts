/** The tray module's public face: what routes, flows, plugins and other modules use of it (docs/architecture.md). */
export { issueChatbotToken } from './chatbot-credentials.ts';
export { linkStore } from './link-service.ts';
export { linkedChatbot, requestSync, shopTrayStatus, storeImportStatus } from './status-service.ts';
export { trayContext } from './tray-context.ts';
export { startTrayWorker, stopTrayWorker } from './worker.ts';
