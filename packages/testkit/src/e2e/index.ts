/** Browser end-to-end helpers (a separate entry, so the API never loads playwright-core). */
export { startApiProcess, freePort, mailboxLink, embeddedApiEnv, type ApiProcess } from './api-process.js';
export { launchBrowser, keepScreenshot, CHROMIUM_PATH, CHROMIUM_FLAGS } from './browser.js';
export { apiTopologies, EMBEDDED_TOPOLOGY, SERVICES_TOPOLOGY, type ApiTopology } from './api-topologies.js';
