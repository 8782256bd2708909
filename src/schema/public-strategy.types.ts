import { Field, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('PublicStrategy', { description: 'A public strategy record. Timestamps are UTC without zone, as on the REST edge.' })
export class PublicStrategyType {
  @Field(() => Int)
  id!: number;

  @Field(() => String, { description: 'Not editable after creation.' })
  name!: string;

  @Field(() => String)
  author!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String, { description: 'Expression text.' })
  entryCondition!: string;

  @Field(() => String, { description: 'Expression text.' })
  exitCondition!: string;

  @Field(() => String)
  botName!: string;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String, { description: 'Set by the server on each successful update.' })
  updatedAt!: string;
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
