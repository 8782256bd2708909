import { PublicStrategy } from './public-strategy.entity';

/** Every entity the ORM knows; listed explicitly so discovery works the same from sources, compiled code and tests. */
export const ENTITIES = [PublicStrategy];
