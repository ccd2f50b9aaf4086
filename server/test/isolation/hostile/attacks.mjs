// Hostile code, committed by test/isolation/hostile-code.isolation.ts into the attacker's repository: run as a build
// step (test/hostile.test.cjs) and as the deployed app (src/server.js). Each attack is a separate attempt; it answers
// { name, outcome: 'blocked' | 'SUCCEEDED' | 'judged-outside', detail }. It never throws.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const targets = JSON.parse(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'attack-targets.json'), 'utf8'));
export const MARK = 'HOSTILE-MARK';

const code = (error) => (error && error.code) || String(error && error.message).slice(0, 60);
const blocked = (detail) => ({ outcome: 'blocked', detail });
const succeeded = (detail) => ({ outcome: 'SUCCEEDED', detail });
const outside = (detail) => ({ outcome: 'judged-outside', detail });

function tryRead(file) {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return succeeded(`read ${text.length} bytes of ${file}`);
  } catch (error) {
    return blocked(code(error));
  }
}

function tryList(dir) {
  try {
    return succeeded(`listed ${dir}: ${fs.readdirSync(dir).slice(0, 5).join(', ')}`);
  } catch (error) {
    return blocked(code(error));
  }
}

function tryWrite(file) {
  try {
    fs.writeFileSync(file, MARK);
    return succeeded(`wrote ${file}`);
  } catch (error) {
    return blocked(code(error));
  }
}

const pids = () => fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid);
const own = (dir) => ['/app', '/home/app', '/tmp', '/var/tmp', '/dev/shm'].some((mine) => dir === mine || dir.startsWith(mine + '/'));

function environHasCanary(file) {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return targets.canaries.some((canary) => text.includes(canary)) ? succeeded(`a canary in ${file}`) : blocked(`readable but no canary (${file})`);
  } catch (error) {
    return blocked(code(error));
  }
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
    return succeeded(`sent ${name} to ${pid}`);
  } catch (error) {
    return blocked(code(error));
  }
}

function connect(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    setTimeout(() => done(false), 2000);
  });
}

/** PostgreSQL's startup message for user postgres, then whether the server said AuthenticationOk (no password). */
function postgresWithoutPassword(options) {
  return new Promise((resolve) => {
    const socket = net.connect(options);
    const finish = (result) => {
      socket.destroy();
      resolve(result);
    };
    socket.once('error', (error) => finish(blocked(code(error))));
    socket.once('connect', () => {
      const params = Buffer.from('user\0postgres\0database\0postgres\0\0');
      const header = Buffer.alloc(8);
      header.writeInt32BE(8 + params.length, 0);
      header.writeInt32BE(196608, 4);
      socket.write(Buffer.concat([header, params]));
    });
    socket.once('data', (data) => {
      if (data[0] === 0x52 && data.readInt32BE(5) === 0) finish(succeeded('logged in without a password'));
      else finish(blocked(data[0] === 0x52 ? `asked for a password (method ${data.readInt32BE(5)})` : `refused (${String.fromCharCode(data[0])})`));
    });
    setTimeout(() => finish(blocked('no answer')), 3000);
  });
}

function bind(port) {
  return new Promise((resolve) => {
    // Harmful only on the machine's network, where Slipway answers (a build has a network of its own, where it does not).
    void connect(targets.slipwayPort).then((hostNetwork) => {
      const server = net.createServer();
      server.once('error', (error) => resolve(blocked(code(error))));
      server.listen(port, '127.0.0.1', () => {
        server.close();
        resolve(hostNetwork ? succeeded(`bound 127.0.0.1:${port} on the machine's network`) : blocked(`bound ${port} in its own network namespace only`));
      });
    });
  });
}

const attacks = {
  'list the data directory': () => tryList(targets.dataDir),
  'see that the data directory exists (its name)': () => {
    try {
      fs.statSync(targets.dataDir);
      return succeeded(`${targets.dataDir} exists`);
    } catch (error) {
      return blocked(code(error));
    }
  },
  'read the secret key': () => tryRead(path.join(targets.dataDir, 'secret.key')),
  'list the embedded PostgreSQL files': () => tryList(path.join(targets.dataDir, 'postgres')),
  'read the embedded PostgreSQL password': () => tryRead(path.join(targets.dataDir, 'postgres.password')),
  'list the registry (other projects’ artifacts)': () => tryList(path.join(targets.dataDir, 'registry')),
  'read the victim’s artifact': () => tryRead(targets.victimArtifact),
  'list the source repositories': () => tryList(targets.reposDir),
  'read the victim’s repository': () => tryList(targets.victimRepository),
  'list the build folders (other builds)': () => tryList(path.join(targets.dataDir, 'builds')),
  'list the cluster folder (other apps)': () => tryList(path.join(targets.dataDir, 'cluster')),
  'read the victim app’s code': () => tryRead(targets.victimRelease),
  'read the cluster state': () => tryRead(path.join(targets.dataDir, 'cluster', 'state.json')),
  'rewrite other builds’ sources through /proc/*/cwd': () => {
    const written = [];
    for (const pid of pids()) {
      let cwd;
      try {
        cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
      } catch {
        continue;
      }
      if (own(cwd)) continue;
      for (const dir of [cwd, path.join(cwd, 'src')]) {
        try {
          fs.writeFileSync(path.join(dir, 'PWNED.js'), MARK);
          written.push(dir);
        } catch {
          // Closed.
        }
      }
    }
    return written.length ? succeeded(`wrote into ${written.join(', ')}`) : blocked('no other working directory writable');
  },
  'read other processes’ files through /proc/*/root': () => {
    for (const pid of pids()) {
      try {
        const names = fs.readdirSync(`/proc/${pid}/root${targets.dataDir}`);
        return succeeded(`listed the data directory through /proc/${pid}/root: ${names.length} names`);
      } catch {
        // Closed or not there.
      }
    }
    return blocked('no /proc/*/root shows the data directory');
  },
  'find a canary in any /proc/*/environ': () => {
    for (const pid of pids()) {
      const result = environHasCanary(`/proc/${pid}/environ`);
      if (result.outcome === 'SUCCEEDED') return result;
    }
    return blocked('no environment with a canary');
  },
  'read Slipway’s /proc/<pid>/environ': () => tryRead(`/proc/${targets.slipwayPid}/environ`),
  'read PostgreSQL’s /proc/<pid>/environ': () => tryRead(`/proc/${targets.postgresPid}/environ`),
  'read the victim app’s /proc/<pid>/environ': () => environHasCanary(`/proc/${targets.victimAppPid}/environ`),
  'read Slipway’s command line': () => tryRead(`/proc/${targets.slipwayPid}/cmdline`),
  'see Slipway’s process at all': () => (fs.existsSync(`/proc/${targets.slipwayPid}/status`) && fs.readFileSync(`/proc/${targets.slipwayPid}/status`, 'utf8').includes('node') ? succeeded('Slipway is visible') : blocked('not visible')),
  'signal Slipway': () => signal(targets.slipwayPid, 0),
  'signal PostgreSQL': () => signal(targets.postgresPid, 0),
  'kill the victim app': () => signal(targets.victimAppPid, 'SIGKILL'),
  'kill pid 1': () => signal(1, 'SIGKILL'),
  'log in to the embedded PostgreSQL over TCP without a password': () => postgresWithoutPassword({ port: targets.postgresPort, host: '127.0.0.1' }),
  'log in to PostgreSQL over its Unix socket without a password': () => postgresWithoutPassword({ path: path.join(targets.postgresSocketDir, `.s.PGSQL.${targets.postgresPort}`) }),
  'bind Slipway’s port': () => bind(targets.slipwayPort),
  'bind the victim app’s loopback port': () => bind(targets.victimPort),
  'leave a file in the machine’s /tmp': () => (tryWrite(`/tmp/${MARK}-${targets.context}`), outside(`/tmp/${MARK}-${targets.context}`)),
  'leave a file in the machine’s /var/tmp': () => (tryWrite(`/var/tmp/${MARK}-${targets.context}`), outside(`/var/tmp/${MARK}-${targets.context}`)),
  'leave a file in the machine’s /dev/shm': () => (tryWrite(`/dev/shm/${MARK}-${targets.context}`), outside(`/dev/shm/${MARK}-${targets.context}`)),
  'outlive it with a detached process in a new session': () => {
    try {
      const child = spawn(process.execPath, ['-e', `process.title = ${JSON.stringify(`hostile-${targets.context}`)}; setInterval(() => {}, 1000)`], { detached: true, stdio: 'ignore' });
      child.unref();
      return outside(`started ${child.pid}, which must be gone when it ends`);
    } catch (error) {
      return blocked(code(error));
    }
  },
  'write into /etc': () => tryWrite(`/etc/${MARK}`),
  'write into /usr/bin': () => tryWrite(`/usr/bin/${MARK}`),
  'replace the Node.js binary': () => {
    try {
      fs.accessSync(process.execPath, fs.constants.W_OK);
      return succeeded('Node.js is writable');
    } catch (error) {
      return blocked(code(error));
    }
  },
  'read /etc/shadow': () => tryRead('/etc/shadow'),
  'become root (setuid 0)': () => {
    try {
      process.setuid(0);
      return succeeded('now root');
    } catch (error) {
      return blocked(code(error));
    }
  },
  'leave its cgroup': () => tryWrite('/sys/fs/cgroup/memory/cgroup.procs'),
  'read the machine’s other users’ home (/root)': () => tryList('/root'),
};

export async function runAttacks(context) {
  targets.context = context;
  const results = [];
  for (const [name, attack] of Object.entries(attacks)) {
    let result;
    try {
      result = await attack();
    } catch (error) {
      result = blocked(`threw ${code(error)}`);
    }
    results.push({ name, ...result });
  }
  return results;
}
