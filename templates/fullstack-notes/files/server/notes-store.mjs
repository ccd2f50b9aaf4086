// Notes kept in memory and written to a JSON file after every change.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export async function openNotesStore(file) {
  let notes = [];
  try {
    notes = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }

  async function save() {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.tmp`;
    await writeFile(temp, JSON.stringify(notes, null, 2));
    await rename(temp, file);
  }

  return {
    list: () => notes,
    async add(text) {
      const note = { id: randomUUID(), text, createdAt: new Date().toISOString() };
      notes = [note, ...notes];
      await save();
      return note;
    },
    async remove(id) {
      const before = notes.length;
      notes = notes.filter((note) => note.id !== id);
      if (notes.length === before) return false;
      await save();
      return true;
    },
  };
}
