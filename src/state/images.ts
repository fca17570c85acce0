/** `removeImagesFromState`: AutoGen's `remove_images` applied to every model context of a state. */
import { MessageValidationError } from "../errors.js";
import { removeImagesFrom } from "../render/remove-images.js";
import type { AnyState } from "./schemas.js";
import { mapThreads } from "./threads.js";

/**
 * A new state whose model contexts (`llm_context.messages`, at any depth) have their images
 * replaced as AutoGen's `remove_images` does before calling a model without vision: each
 * `UserMessage` with list content becomes one string (text parts and `<image>` per image, joined
 * with `"\n"`). Message threads and buffers are left as they are (they are the conversation's
 * record: a `MultiModalMessage` stays one); a state with nothing to replace is returned as it is.
 * Never changes `state`; throws
 * {@link MessageValidationError} (with the part's path) for a content part that is neither text
 * nor an image, which `loadState` never returns.
 *
 * @example const textOnly = removeImagesFromState(state); // then dumpState(textOnly) for a text-only model
 */
export function removeImagesFromState<S extends AnyState>(state: S): S {
  return mapThreads(state, (t) => {
    if (t.kind !== "llm_context") return undefined;
    const out = removeImagesFrom(t.messages, (i, j) => {
      throw new MessageValidationError(undefined, [{ path: [...t.path, i, "content", j], code: "union_type", message: "expected string or image object" }], "state");
    });
    // A context without list content stays the same object (and so does the state around it).
    return out.some((m, i) => m !== t.messages[i]) ? out : undefined;
  });
}
