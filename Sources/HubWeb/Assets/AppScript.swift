/// The app's own script (no framework, nothing fetched from elsewhere): search-as-you-type on the food page and live
/// alerts on Today by server-sent events. Every page works without it.
enum AppScript {
    static let source = #"""
        (function () {
          'use strict';
          var input = document.querySelector('[data-live-search]');
          if (input) {
            var list = document.getElementById('food-results');
            var count = document.getElementById('results-count');
            var timer = null;
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
            input.addEventListener('input', function () {
              clearTimeout(timer);
              timer = setTimeout(search, 120);
            });
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
          }
        })();
        """#
}
