// Preloaded into the server by bench/alloc-profile.ts (`--import`): the first SIGUSR2 starts V8's
// sampling heap profiler in this process, counting objects that garbage collection has already
// taken too; the second stops it and writes the profile to ALLOC_PROFILE_FILE.
import { renameSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";

const session = new Session();
session.connect();
const post = (method, params = {}) =>
  new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));

let sampling = false;
process.on("SIGUSR2", () => {
  const step = sampling
    ? post("HeapProfiler.stopSampling").then(({ profile }) => {
        // Written aside, then renamed: the bench reads the file as soon as it exists.
        writeFileSync(`${process.env.ALLOC_PROFILE_FILE}.part`, JSON.stringify(profile));
        renameSync(`${process.env.ALLOC_PROFILE_FILE}.part`, process.env.ALLOC_PROFILE_FILE);
      })
    : post("HeapProfiler.enable").then(() =>
        post("HeapProfiler.startSampling", {
          samplingInterval: 8192,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        }),
      );
  sampling = !sampling;
  step.catch((error) => console.error("alloc-sampler:", error));
});
