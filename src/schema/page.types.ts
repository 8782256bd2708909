import { Field, ObjectType, type ClassType } from 'type-graphql';

/** A cursor-paginated list of `item` (newest first), as every `/v1` list answers `{data, next_cursor}`. */
export function PageOf<Item extends object>(item: ClassType<Item>, name: string) {
  @ObjectType(name)
  class Page {
    @Field(() => [item])
    data!: Item[];

    @Field(() => String, { nullable: true, description: 'Pass back as `cursor` for the next page; null on the last page.' })
    nextCursor!: string | null;
  }
  return Page;
}
