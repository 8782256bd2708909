import { readFile } from 'node:fs/promises';
import { requireFlag, type AdminCommand } from '../command';

export const importSeries: AdminCommand = {
  name: 'import-series',
  usage: 'import-series --file F.csv',
  summary: 'Loads stock/index/commodity K-lines or ratios from a CSV file (layout told by the header); re-imported rows are replaced.',
  run: async (flags, core) => {
    const file = requireFlag(flags, 'file');
    return { file, ...(await core.services.planSeries.importCsv(await readFile(file, 'utf8'))) };
  },
};
