import { readFile } from 'node:fs/promises';
import { requireFlag, type AdminCommand } from '../command';

export const importSeries: AdminCommand = {
  name: 'import-series',
  summary: 'Loads stock/index/commodity K-lines or ratios from a CSV file (layout told by the header); re-imported rows are replaced.',
  options: [{ name: 'file', value: 'F.csv', required: true, description: 'A CSV file in one of the two layouts (samples/series-*.csv).' }],
  run: async (flags, core) => {
    const file = requireFlag(flags, 'file');
    return { file, ...(await core.services.planSeries.importCsv(await readFile(file, 'utf8'))) };
  },
};
