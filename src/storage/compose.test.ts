/**
 * compose.ts `MethodTable`: the same methods as `compose`, bound onto a target, or read through a
 * class's prototype and bound to the instance's part on first use.
 */
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

  it("reads a class's methods through its prototype, each bound to the instance's own part on first use", () => {
    const table = new MethodTable([Counter, Greeter]);
    class Store {
      own(): string {
        return 'own';
      }
    }
    table.bindOnFirstUse(Store);
    const one = table.attach(new Store(), new Counter(), new Greeter('Ann'));
    const two = table.attach(new Store(), new Counter(), new Greeter('Bob'));
    // Nothing bound until used; a method taken off the instance stays bound to its part.
    expect(Object.keys(one)).toEqual([]);
    const { increment, greet } = one;
    expect([increment(), increment(), one.increment(), greet()]).toEqual([1, 2, 3, 'hi Ann']);
    expect(one.increment).toBe(increment);
    expect([two.increment(), two.greet(), two.own()]).toEqual([1, 'hi Bob', 'own']);
    // Written on an instance, a method is replaced there only.
    one.greet = () => 'replaced';
    expect([one.greet(), two.greet()]).toEqual(['replaced', 'hi Bob']);
  });

  it('refuses a class with a method of the table, and parts out of the table or its order', () => {
    const table = new MethodTable([Counter, Greeter]);
    class Clash {
      greet(): string {
        return 'mine';
      }
    }
    expect(() => table.bindOnFirstUse(Clash)).toThrow('Clash has a greet of its own');
    class Store {}
    table.bindOnFirstUse(Store);
    expect(() => table.attach(new Store(), new Greeter('Ann'), new Counter())).toThrow(
      "Greeter is not the method table's class 1",
    );
    expect(() => table.attach(new Store(), new Counter())).toThrow(
      'a part of each class of the table is needed',
    );
  });
});
