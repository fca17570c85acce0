/** The reader errors live in run/ (one home for run items); re-exported here for stream's own modules. */
export { FrameSyntaxError, ForeignFrameError } from "../run/errors.js";
