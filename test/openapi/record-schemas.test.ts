import 'reflect-metadata';
import { buildSchema, Field, Float, ObjectType, Query, registerEnumType, Resolver } from 'type-graphql';
import { RecordSchemas } from '../../src/openapi/record-schemas';

enum RunStatus {
  QUEUED = 'queued',
  DONE = 'done',
}
registerEnumType(RunStatus, { name: 'RecordSchemasTestRunStatus' });

@ObjectType('RecordSchemasTestRun')
class RunType {
  @Field(() => RunStatus) status!: RunStatus;
  @Field(() => RunStatus, { nullable: true, name: 'lastStatus' }) last_status!: RunStatus | null;
}

@ObjectType('RecordSchemasTestPoint')
class PointType {
  @Field(() => Float, { name: 'time' }) 0!: number;
  @Field(() => String, { name: 'value', description: 'A decimal string.' }) 1!: string;
}

@Resolver()
class RecordSchemasTestResolver {
  @Query(() => RunType) run(): RunType {
    return { status: RunStatus.DONE, last_status: null };
  }

  @Query(() => PointType) point(): PointType {
    return { 0: 0, 1: '1' };
  }
}

describe('record schemas read from the GraphQL types declared over the wire records', () => {
  // type-graphql links fields to their types when a schema is built, as the service does before it serves /openapi.json.
  beforeAll(() => buildSchema({ resolvers: [RecordSchemasTestResolver], validate: false }));

  it('an enum field is a string of the values the record holds (not the GraphQL names), under the record property name', () => {
    const records = new RecordSchemas();
    expect(records.refFor(RunType)).toEqual({ $ref: '#/components/schemas/RecordSchemasTestRun' });
    expect(records.components.RecordSchemasTestRun).toEqual({
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['queued', 'done'] },
        last_status: { anyOf: [{ type: 'string', enum: ['queued', 'done'] }, { type: 'null' }] },
      },
      required: ['status'],
    });
  });

  it('a record declared over array positions is a tuple, each position described by its GraphQL name', () => {
    const records = new RecordSchemas();
    records.refFor(PointType);
    expect(records.components.RecordSchemasTestPoint).toEqual({
      type: 'array',
      prefixItems: [
        { type: 'number', description: 'time' },
        { type: 'string', description: 'value: A decimal string.' },
      ],
      minItems: 2,
      maxItems: 2,
    });
  });
});
