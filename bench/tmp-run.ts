import { writeTurnaroundBench } from './cases/writeTurnaround';
const sizes = process.argv.slice(2).map(Number);
void writeTurnaroundBench(sizes).then((rows) => { for (const r of rows) console.log(r.measure, '|', r.result, '|', r.target, r.met); });
