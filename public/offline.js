// The offline page stands in for whatever page the reader asked for (the URL stays theirs),
// so "Try again" and coming back online both simply reload it.
(function () {
  var status = document.getElementById("connection-status");
  var title = document.querySelector("[data-offline-title]");
  var text = document.querySelector("[data-offline-text]");
  var retry = document.querySelector("[data-retry]");

  function reload() {
    window.location.reload();
  }

  retry.addEventListener("click", function (event) {
    event.preventDefault();
    reload();
  });

  window.addEventListener("online", function () {
    status.classList.add("online");
    title.textContent = "Back Online";
    text.textContent = "Your connection has been restored.";
    setTimeout(reload, 1000);
  });
})();
