/**
 * The platform built from a list, as Fastify registers its plugins: each entry names a member of the
 * Platform and builds it from the members listed before it (the kernel's parts and the features it
 * needs: that is how an entry declares what it needs). The member's type is what its build answers,
 * so `platform.gifts` is typed with no field written by hand; a name is built once.
 */
export class PlatformBuilder<P extends object> {
  readonly #parts: P;

  constructor(base: P) {
    this.#parts = { ...base };
  }

  /** Builds member `name` from the members so far; a name already built is refused. */
  add<K extends string, V>(name: K, build: (parts: P) => V): PlatformBuilder<P & { readonly [N in K]: V }> {
    if (name in this.#parts) throw new Error(`the platform's ${name} is built twice`);
    Object.defineProperty(this.#parts, name, { value: build(this.#parts), enumerable: true });
    return this as unknown as PlatformBuilder<P & { readonly [N in K]: V }>;
  }

  /** The members built, each read-only. */
  get parts(): Readonly<P> {
    return this.#parts;
  }
}
