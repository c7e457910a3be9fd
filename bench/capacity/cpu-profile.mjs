// Loaded into a server process with NODE_OPTIONS=--import (Node 20 refuses --cpu-prof there): each
// SIGUSR2 starts a CPU profile, the next stops it and writes CPU.<pid>.<n>.cpuprofile (what
// --cpu-prof writes) into CAPACITY_CPU_PROFILE_DIR, so a profile covers one step of the load, not
// the process's start and seeding. Plain JavaScript: the server runs without tsx.
import fs from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const dir = process.env.CAPACITY_CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  let profiling = false;
  let written = 0;
  process.on('SIGUSR2', () => {
    if (!profiling) {
      session.post('Profiler.start');
      profiling = true;
      return;
    }
    profiling = false;
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      written += 1;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `CPU.${process.pid}.${written}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
