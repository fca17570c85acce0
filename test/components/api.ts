/** The components API under test, plus the main entry's error class. */
export { dumpComponent, dumpComponentJson, loadComponent, redactSecrets, safeLoadComponent } from "../../src/components/index.js";
export { MessageValidationError } from "../../src/index.js";
