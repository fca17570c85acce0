/** AutoGen Studio's envelopes and control frames live in run/ (one home for run items); re-exported for stream/. */
export * from "../run/studio.js";
