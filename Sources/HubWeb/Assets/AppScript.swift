/// The app's own script (no framework, nothing fetched from elsewhere): search-as-you-type on the food page and live
/// alerts on Today and devices' and imports' live progress by server-sent events. Every page works without it.
enum AppScript {
    static let source = #"""
        (function () {
          'use strict';
          var input = document.querySelector('[data-live-search]');
          if (input) {
            var list = document.getElementById('food-results');
            var count = document.getElementById('results-count');
            var sequence = 0;
            var render = function (foods) {
              var items = foods.map(function (food) {
                var item = document.createElement('li');
                var link = document.createElement('a');
                link.href = '/food?food=' + encodeURIComponent(food.id);
                link.textContent = food.name;
                item.appendChild(link);
                if (food.own) {
                  var tag = document.createElement('span');
                  tag.className = 'tag';
                  tag.textContent = list.dataset.own;
                  item.appendChild(document.createTextNode(' '));
                  item.appendChild(tag);
                }
                return item;
              });
              list.replaceChildren.apply(list, items);
              count.textContent = foods.length
                ? count.dataset.template.replace('%d', String(foods.length))
                : count.dataset.none;
            };
            var search = function () {
              var text = input.value.trim();
              var mine = ++sequence;
              if (text.length < 2) { return; }
              fetch(input.dataset.liveSearch + '?q=' + encodeURIComponent(text), {
                credentials: 'same-origin',
                headers: { Accept: 'application/json' }
              }).then(function (response) {
                return response.ok ? response.json() : Promise.reject(response.status);
              }).then(function (body) {
                if (mine === sequence) { render(body.foods); }
              }).catch(function () {});
            };
            // Each keystroke asks at once (the server answers in a few milliseconds; the issue's goal is results
            // drawn within 50 ms of the key): an answer overtaken by a later keystroke's is dropped (`sequence`).
            input.addEventListener('input', search);
          }
          var alerts = document.getElementById('alerts');
          if (alerts && window.EventSource) {
            var events = new EventSource('/api/v1/events');
            events.addEventListener('notification', function (event) {
              var note = JSON.parse(event.data);
              var listNode = alerts.querySelector('ul');
              if (!listNode) {
                alerts.replaceChildren();
                listNode = document.createElement('ul');
                alerts.appendChild(listNode);
              }
              var item = document.createElement('li');
              var title = document.createElement('strong');
              title.textContent = note.title;
              item.appendChild(title);
              item.appendChild(document.createTextNode(' ' + note.body));
              listNode.appendChild(item);
            });
            // A reading stored while Today is open (a device's sync, an import, an entry elsewhere): say so, with a
            // link that shows it; the attributes let a test or benchmark see which reading and when it came.
            var arrived = document.getElementById('new-readings');
            events.addEventListener('reading', function (event) {
              var reading = JSON.parse(event.data);
              if (!arrived) { return; }
              arrived.dataset.readingId = String(reading.id);
              arrived.dataset.receivedAtMs = String(reading.receivedAtMs);
              arrived.hidden = false;
            });
          }
          // Live progress of a device's sync or an import: a form marked data-progress opens the progress stream
          // of its token, then posts itself; the answer (the page with the result) replaces the main content.
          // Without the script the form posts as usual and the answer shows the result.
          var showProgress = function (region, data) {
            var bar = region.querySelector('progress');
            var text = region.querySelector('[role=status]');
            var words = region.dataset.starting;
            if (data && typeof data.done === 'number' && typeof data.total === 'number' && data.total > 0) {
              bar.max = data.total;
              bar.value = data.done;
              words = region.dataset.of.replace('%@', String(data.done)).replace('%@', String(data.total));
            } else if (data && typeof data.done === 'number') {
              bar.removeAttribute('value');
              words = region.dataset.count.replace('%@', String(data.done));
            } else if (data && typeof data.percentage === 'number') {
              bar.max = 100;
              bar.value = data.percentage;
              words = Math.round(data.percentage) + ' %';
            }
            text.textContent = words;
            region.dataset.last = words;
          };
          document.addEventListener('submit', function (event) {
            var form = event.target;
            if (!form.dataset || !form.dataset.progress || !window.EventSource || !window.fetch) { return; }
            var region = document.getElementById(form.dataset.progressRegion);
            if (!region) { return; }
            event.preventDefault();
            var buttons = form.querySelectorAll('button');
            buttons.forEach(function (button) { button.disabled = true; });
            region.hidden = false;
            showProgress(region, null);
            var stream = new EventSource('/devices/progress?token=' + encodeURIComponent(form.dataset.progress));
            stream.addEventListener('progress', function (message) {
              showProgress(region, JSON.parse(message.data));
            });
            var posted = false;
            var post = function () {
              if (posted) { return; }
              posted = true;
              var multipart = form.enctype === 'multipart/form-data';
              var data = new FormData(form);
              fetch(form.action, {
                method: 'POST',
                credentials: 'same-origin',
                body: multipart ? data : new URLSearchParams(data)
              }).then(function (response) {
                return response.text().then(function (html) { return { url: response.url, html: html, redirected: response.redirected }; });
              }).then(function (answer) {
                stream.close();
                var page = new DOMParser().parseFromString(answer.html, 'text/html');
                var main = document.getElementById('main');
                var fresh = page.getElementById('main');
                if (!fresh) { window.location.assign(answer.url); return; }
                main.replaceChildren.apply(main, Array.prototype.slice.call(fresh.childNodes).map(function (node) {
                  return document.importNode(node, true);
                }));
                document.title = page.title;
                if (answer.redirected) {
                  window.history.replaceState(null, '', answer.url);
                }
                main.focus();
              }).catch(function () {
                stream.close();
                form.submit();
              });
            };
            // Post once the stream listens, so no report of this work is missed; post anyway if it cannot open.
            stream.addEventListener('open', post);
            setTimeout(post, 2000);
          });
        })();
        """#
}
