// Shows when this build was made, from the stamp build.mjs writes next to the pages.
const target = document.getElementById('built-at');

fetch('/build.json')
  .then((response) => (response.ok ? response.json() : null))
  .then((build) => {
    if (build && target) target.textContent = new Date(build.builtAt).toLocaleString();
  })
  .catch(() => {});
