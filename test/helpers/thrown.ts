/**
 * The error a call throws, for tests that look inside it: the one place a test catches an error
 * of an expected class, and fails on any other outcome (nothing thrown, or something else).
 */

/** An error class, maybe with a cross-realm check (`MessageValidationError.isInstance`). */
type ErrorClass<E> = (abstract new (...args: never[]) => E) & { readonly name: string; isInstance?: (value: unknown) => boolean };

/**
 * What `f` throws, when it is an `expected` (its `isInstance` when it has one, else `instanceof`).
 * Throws, failing the test, when `f` returns or throws anything else (that error as the `cause`).
 */
export function thrownBy<E>(f: () => unknown, expected: ErrorClass<E>): E {
  try {
    f();
  } catch (e) {
    if (expected.isInstance ? expected.isInstance(e) : e instanceof expected) return e as E;
    throw new Error(`expected a ${expected.name}, got ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`, { cause: e });
  }
  throw new Error(`expected a ${expected.name}, but nothing was thrown`);
}
