/** Run items are classified in run/ (the one home); stream/ only turns bytes into frames. */
export * from "../run/items.js";
