import fastJson from 'fast-json-stringify';
import { type ZodType, z } from 'zod';

/**
 * A route's answer written by a serializer compiled from its Zod schema's JSON Schema
 * (fast-json-stringify, Fastify's own), instead of Zod's check followed by JSON.stringify: a list
 * page of 50 rows took 0.062 ms against 0.146 (decision 0069). Like Zod's, it writes the schema's
 * properties only, throws on a required one missing, and checks the values of the nullable enums
 * and numbers (anyOf); it does not check other strings' values, which the routes' types fix.
 */
export const compiledSerializer = ({ schema }: { schema: unknown }) =>
  fastJson(
    z.toJSONSchema(schema as ZodType, { target: 'draft-7', io: 'output' }) as Parameters<typeof fastJson>[0],
  );
