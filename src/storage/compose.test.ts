/** compose.ts `MethodTable`: the same methods as `compose`, bound onto a target. */
import { describe, expect, it } from 'vitest';
import { compose, MethodTable } from './compose.js';

class Counter {
  #n = 0;
  increment(): number {
    return ++this.#n;
  }
  forgetCached(): void {}
}

class Greeter {
  constructor(private readonly name: string) {}
  greet(): string {
    return `hi ${this.name}`;
  }
}

describe('MethodTable', () => {
  it('binds what compose binds onto the target, each method to its own part', () => {
    const table = new MethodTable([Counter, Greeter]);
    const target = table.composeOnto({ own: 1 }, new Counter(), new Greeter('Ann'));
    const { increment, greet } = target;
    expect([increment(), increment(), greet(), target.own]).toEqual([1, 2, 'hi Ann', 1]);
    expect(Object.keys(target).sort()).toEqual(['greet', 'increment', 'own']);
    expect(Object.keys(compose(new Counter(), new Greeter('Ann'))).sort()).toEqual(['greet', 'increment']);
  });

  it('refuses two classes with a method of one name, and a part of a class not in the table', () => {
    class Other {
      greet(): string {
        return 'other';
      }
    }
    expect(() => new MethodTable([Greeter, Other])).toThrow('two storage areas define greet');
    expect(() => new MethodTable([Counter]).composeOnto({}, new Greeter('Ann'))).toThrow(
      'Greeter is not in the method table',
    );
  });
});
