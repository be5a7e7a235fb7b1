/**
 * The types FromSchema infers (json-schema.ts): what the test kit's result types are made of, checked
 * by the compiler (`tsc`, and vitest's expectTypeOf), and that `external` leaves the schema as written.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { external, type FromSchema } from './json-schema.js';

const DEFS = {
  Point: {
    type: 'object',
    required: ['x', 'y'],
    properties: { x: { type: 'integer' }, y: { type: 'number' }, label: { type: 'string' } },
  },
  Shape: {
    type: 'object',
    required: ['kind', 'points', 'closed'],
    properties: {
      kind: { enum: ['line', 'polygon'] },
      points: { type: 'array', items: { $ref: '#/components/schemas/Point' } },
      closed: { const: true },
      owner: { type: ['integer', 'null'] },
      tags: { type: 'object', additionalProperties: { type: 'string' } },
      extra: { type: 'object', additionalProperties: true },
      style: {
        oneOf: [
          { type: 'object', required: ['fill'], properties: { fill: { type: 'string' } } },
          { type: 'object', required: ['stroke'], properties: { stroke: { type: 'integer' } } },
        ],
      },
    },
  },
  Named: {
    allOf: [
      { $ref: '#/components/schemas/Point' },
      { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    ],
  },
  Open: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string' } },
    additionalProperties: true,
  },
  Marked: {
    type: 'object',
    required: ['when'],
    properties: {
      when: external('Date', { type: 'string' }),
      list: { type: 'array', items: { type: 'object' } },
    },
  },
} as const;

type Infer<N extends keyof typeof DEFS> = FromSchema<(typeof DEFS)[N], typeof DEFS, { Date: Date }>;

describe('FromSchema', () => {
  it('infers objects, required and optional fields, and scalars', () => {
    expectTypeOf<Infer<'Point'>>().toEqualTypeOf<{ x: number; y: number; label?: string }>();
  });

  it('infers enums, consts, lists of references, nullable types, maps and unions', () => {
    type Shape = Infer<'Shape'>;
    expectTypeOf<Shape['kind']>().toEqualTypeOf<'line' | 'polygon'>();
    expectTypeOf<Shape['points']>().toEqualTypeOf<Array<{ x: number; y: number; label?: string }>>();
    expectTypeOf<Shape['closed']>().toEqualTypeOf<true>();
    expectTypeOf<Shape['owner']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<Shape['tags']>().toEqualTypeOf<{ [field: string]: string } | undefined>();
    expectTypeOf<Shape['extra']>().toEqualTypeOf<{ [field: string]: unknown } | undefined>();
    expectTypeOf<NonNullable<Shape['style']>>().toEqualTypeOf<{ fill: string } | { stroke: number }>();
  });

  it('infers allOf as one object, and other fields where additionalProperties is true', () => {
    expectTypeOf<Infer<'Named'>>().toEqualTypeOf<{ x: number; y: number; label?: string; name: string }>();
    expectTypeOf<Infer<'Open'>>().toEqualTypeOf<{ id: string; [field: string]: unknown }>();
  });

  it('gives a part marked external the type named, and leaves the schema as written', () => {
    expectTypeOf<Infer<'Marked'>['when']>().toEqualTypeOf<Date>();
    expectTypeOf<Infer<'Marked'>['list']>().toEqualTypeOf<Array<{ [field: string]: unknown }> | undefined>();
    expect(DEFS.Marked.properties.when).toEqual({ type: 'string' });
    expect(JSON.stringify(DEFS.Marked)).not.toContain('Date');
  });
});
