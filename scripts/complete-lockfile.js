#!/usr/bin/env node
/**
 * Adds lock entries for optional, platform-specific packages that the lock file names but does not
 * hold (Remotion's compositors, msgpackr's extractors, rollup's and esbuild's binaries for other
 * operating systems and CPUs).
 *
 * Why: `npm install` only records optional packages it could resolve, and a registry that lacks a
 * platform's build at the pinned version leaves the lock without that entry; `npm ci` then refuses
 * the lock as "out of sync". An entry with its version, os, cpu and libc is all `npm ci` needs to
 * skip the package on other platforms (and to fetch it on the platform it is for).
 *
 * Run after any `npm install` that changes the lock:  node scripts/complete-lockfile.js
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const lockPath = path.join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const packages = lock.packages;
// <os>-<cpu>[-<abi>], as esbuild/rollup/Remotion name their builds: linux-x64-gnu, android-arm-eabi,
// linux-arm-musleabihf, win32-ia32-msvc, openharmony-arm64, freebsd-x64, …
const PLATFORM_SUFFIX =
  /(android|darwin|freebsd|linux|netbsd|openbsd|openharmony|sunos|win32)-(x64|arm64|arm|ia32|loong64|ppc64|riscv64|s390x)(?:-(gnu|musl|msvc|gnueabihf|musleabihf|eabi))?$/;

const added = [];
for (const [location, meta] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const platform = PLATFORM_SUFFIX.exec(name);
    if (!platform) {
      console.error(`complete-lockfile: ${name} is optional and missing, but names no platform; left alone`);
      continue;
    }
    const [, os, cpu, abi] = platform;
    const entry = { version, optional: true, os: [os], cpu: [cpu] };
    if (abi === 'gnu' || abi === 'gnueabihf') entry.libc = ['glibc'];
    if (abi === 'musl' || abi === 'musleabihf') entry.libc = ['musl'];
    packages[`node_modules/${name}`] = entry;
    added.push(`${name}@${version}`);
  }
}

fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `complete-lockfile: added ${added.join(', ')}` : 'complete-lockfile: nothing missing');
