const list = document.getElementById('notes');
const signIn = document.getElementById('sign-in');
const addNote = document.getElementById('add-note');
const errorText = document.getElementById('error');
let signedIn = false;

async function call(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body ? { 'content-type': 'application/json' } : undefined,
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = res.status === 204 ? null : await res.json();
  if (!res.ok) throw new Error(data?.error ?? `Request failed (${res.status})`);
  return data;
}

function render(notes) {
  list.replaceChildren(
    ...notes.map((note) => {
      const item = document.createElement('li');
      item.textContent = note.text;
      if (signedIn) {
        const remove = document.createElement('button');
        remove.textContent = 'Delete';
        remove.onclick = () => run(() => call('DELETE', `/api/notes/${note.id}`));
        item.append(remove);
      }
      return item;
    }),
  );
  signIn.hidden = signedIn;
  addNote.hidden = !signedIn;
}

async function run(action) {
  errorText.textContent = '';
  try {
    await action?.();
    signedIn = (await call('GET', '/api/session')).signedIn;
    render((await call('GET', '/api/notes')).notes);
  } catch (error) {
    errorText.textContent = error.message;
  }
}

signIn.onsubmit = (event) => {
  event.preventDefault();
  run(() => call('POST', '/api/session', { password: signIn.password.value }));
};

addNote.onsubmit = (event) => {
  event.preventDefault();
  const text = addNote.text.value;
  run(async () => {
    await call('POST', '/api/notes', { text });
    addNote.reset();
  });
};

run();
