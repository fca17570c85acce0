/** Flattening and de-duplication of a run's items live in run/ (the one home). */
export { runMessages } from "../run/messages.js";
