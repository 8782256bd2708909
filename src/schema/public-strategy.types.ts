import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { PublicStrategyRecord } from '../services/public-strategies/public-strategies.service';

/** Declared over the service's wire record (the REST shape): the resolver returns the record itself. */
@ObjectType('PublicStrategy', { description: 'A public strategy record. Timestamps are UTC without zone, as on the REST edge.' })
export class PublicStrategyType implements PublicStrategyRecord {
  @Field(() => Int) id!: number;
  @Field(() => String, { description: 'Not editable after creation.' }) name!: string;
  @Field(() => String) author!: string;
  @Field(() => String) description!: string;
  @Field(() => String, { name: 'entryCondition', description: 'Expression text.' }) entry_condition!: string;
  @Field(() => String, { name: 'exitCondition', description: 'Expression text.' }) exit_condition!: string;
  @Field(() => String, { name: 'botName' }) bot_name!: string;
  @Field(() => String, { name: 'createdAt' }) created_at!: string;
  @Field(() => String, { name: 'updatedAt', description: 'Set by the server on each successful update.' }) updated_at!: string;
}

@InputType({ description: 'Fields of a public strategy that may change; omitted or null fields are left unchanged.' })
export class UpdatePublicStrategyInput {
  @Field(() => String, { nullable: true })
  author?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { nullable: true })
  entryCondition?: string | null;

  @Field(() => String, { nullable: true })
  exitCondition?: string | null;

  @Field(() => String, { nullable: true })
  botName?: string | null;
}

@InputType()
export class CreatePublicStrategyInput extends UpdatePublicStrategyInput {
  @Field(() => String, { description: '1 to 200 characters.' })
  name!: string;
}
