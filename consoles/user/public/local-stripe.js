/* global window, document, fetch, setTimeout, URL */
/*
 * A Stripe.js stand-in for the API's local test mode (GET /api/v1/payments/config answers
 * {mode: 'local', api_base}). It defines window.Stripe with the surface @stripe/react-stripe-js
 * and the console use (elements, createToken, createPaymentMethod, confirmCardPayment,
 * confirmPayment, confirmSetup), renders a plain card form for the PaymentElement, and confirms
 * intents against the local Stripe fake exactly as Stripe.js would: a form-encoded POST to
 * {api_base}/v1/{payment_intents|setup_intents}/{id}/confirm with the publishable key as bearer.
 * Only Stripe's documented test cards are known here; nothing real is charged.
 */
(function () {
  'use strict';
  if (window.Stripe) return;

  var TEST_CARDS = {
    4242424242424242: 'pm_card_visa',
    5555555555554444: 'pm_card_mastercard',
    4000000000000002: 'pm_card_chargeDeclined',
    4000002500003155: 'pm_card_authenticationRequired',
  };

  var configPromise;
  function apiBase() {
    if (!configPromise) {
      configPromise = fetch('/api/v1/payments/config', { headers: { accept: 'application/json' } })
        .then(function (reply) {
          return reply.json();
        })
        .then(function (config) {
          if (!config || config.mode !== 'local')
            throw new Error('Local Stripe stand-in used outside local mode');
          return String(config.api_base).replace(/\/$/, '');
        });
    }
    return configPromise;
  }

  function validationError(message) {
    return { type: 'validation_error', code: 'incomplete', message: message };
  }

  var counter = 0;

  function createPaymentElement(options) {
    var handlers = {};
    var root;
    var state = { number: '', expiry: '', cvc: '' };
    var id = 'local-stripe-' + ++counter;

    function emit(event, payload) {
      (handlers[event] || []).slice().forEach(function (handler) {
        handler(payload);
      });
    }
    function digits(value) {
      return value.replace(/\D/g, '');
    }
    function problem() {
      var number = digits(state.number);
      if (!number) return validationError('Your card number is incomplete.');
      if (number.length < 15) return validationError('Your card number is incomplete.');
      if (!TEST_CARDS[number])
        return { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' };
      var expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(state.expiry.trim());
      if (!expiry) return validationError("Your card's expiration date is incomplete.");
      var month = Number(expiry[1]);
      var year = 2000 + Number(expiry[2]);
      var now = new Date();
      if (month < 1 || month > 12) return validationError("Your card's expiration date is invalid.");
      if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
        return validationError("Your card's expiration year is in the past.");
      if (!/^\d{3,4}$/.test(state.cvc.trim()))
        return validationError("Your card's security code is incomplete.");
      return undefined;
    }
    function changed() {
      emit('change', {
        elementType: 'payment',
        empty: !state.number && !state.expiry && !state.cvc,
        complete: !problem(),
        collapsed: false,
        value: { type: 'card' },
      });
    }
    function field(label, key, attrs) {
      var wrap = document.createElement('label');
      wrap.style.cssText = 'display:flex;flex-direction:column;gap:4px;font-size:0.9rem;font-weight:600;';
      wrap.setAttribute('for', id + '-' + key);
      wrap.appendChild(document.createTextNode(label));
      var input = document.createElement('input');
      input.id = id + '-' + key;
      input.style.cssText =
        'font:inherit;font-weight:400;padding:0.55rem 0.7rem;border:1px solid #d4d4e0;border-radius:8px;width:100%;box-sizing:border-box;';
      Object.keys(attrs).forEach(function (name) {
        input.setAttribute(name, attrs[name]);
      });
      input.addEventListener('input', function () {
        state[key] = input.value;
        changed();
      });
      input.addEventListener('focus', function () {
        emit('focus', { elementType: 'payment' });
      });
      input.addEventListener('blur', function () {
        emit('blur', { elementType: 'payment' });
      });
      wrap.appendChild(input);
      return wrap;
    }

    var element = {
      mount: function (target) {
        var node = typeof target === 'string' ? document.querySelector(target) : target;
        if (!node) throw new Error('Local Stripe: mount target not found');
        root = document.createElement('div');
        root.className = 'local-stripe-payment';
        root.style.cssText = 'display:grid;gap:10px;grid-template-columns:1fr 1fr;';
        var tab = document.createElement('p');
        tab.style.cssText = 'grid-column:1/-1;margin:0;font-size:0.85rem;color:#626279;';
        tab.textContent = 'Card (local test mode: use a Stripe test card such as 4242 4242 4242 4242)';
        root.appendChild(tab);
        var number = field('Card number', 'number', {
          inputmode: 'numeric',
          autocomplete: 'cc-number',
          placeholder: '1234 1234 1234 1234',
        });
        number.style.gridColumn = '1 / -1';
        root.appendChild(number);
        root.appendChild(
          field('Expiration date', 'expiry', { autocomplete: 'cc-exp', placeholder: 'MM / YY' }),
        );
        root.appendChild(
          field('Security code', 'cvc', { inputmode: 'numeric', autocomplete: 'cc-csc', placeholder: 'CVC' }),
        );
        node.appendChild(root);
        setTimeout(function () {
          emit('ready', { elementType: 'payment' });
        }, 0);
      },
      unmount: function () {
        if (root && root.parentNode) root.parentNode.removeChild(root);
      },
      destroy: function () {
        element.unmount();
        handlers = {};
      },
      on: function (event, handler) {
        (handlers[event] = handlers[event] || []).push(handler);
        return element;
      },
      off: function (event, handler) {
        handlers[event] = (handlers[event] || []).filter(function (h) {
          return h !== handler;
        });
        return element;
      },
      once: function (event, handler) {
        function wrapped(payload) {
          element.off(event, wrapped);
          handler(payload);
        }
        return element.on(event, wrapped);
      },
      update: function () {},
      focus: function () {
        var input = root && root.querySelector('input');
        if (input) input.focus();
      },
      blur: function () {},
      clear: function () {},
      collapse: function () {},
      _problem: problem,
      _paymentMethod: function () {
        return TEST_CARDS[digits(state.number)];
      },
      _options: options,
    };
    return element;
  }

  function createElements(options) {
    var created = {};
    var elements = {
      _options: options || {},
      create: function (type, elementOptions) {
        if (type !== 'payment')
          throw new Error('Local Stripe supports the payment element only, not ' + type);
        created[type] = createPaymentElement(elementOptions || {});
        return created[type];
      },
      getElement: function (type) {
        return created[type] || null;
      },
      update: function (next) {
        Object.assign(elements._options, next || {});
      },
      fetchUpdates: function () {
        return Promise.resolve({});
      },
      submit: function () {
        var element = created.payment;
        if (!element) return Promise.resolve({ error: validationError('No payment element is mounted.') });
        var error = element._problem();
        return Promise.resolve(error ? { error: error } : {});
      },
    };
    return elements;
  }

  function form(values) {
    return Object.keys(values)
      .filter(function (key) {
        return values[key] !== undefined;
      })
      .map(function (key) {
        return encodeURIComponent(key) + '=' + encodeURIComponent(values[key]);
      })
      .join('&');
  }

  function Stripe(publishableKey) {
    if (!publishableKey) throw new Error('Local Stripe: a publishable key is required');

    function post(path, values) {
      return apiBase().then(function (base) {
        return fetch(base + path, {
          method: 'POST',
          headers: {
            authorization: 'Bearer ' + publishableKey,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: form(values),
        }).then(function (reply) {
          return reply.json().then(function (body) {
            return { ok: reply.ok, body: body };
          });
        });
      });
    }

    function confirm(kind, params) {
      var elements = params && params.elements;
      var element = elements && elements.getElement('payment');
      var secret = params && params.clientSecret;
      if (!secret) return Promise.resolve({ error: validationError('A client secret is required.') });
      var paymentMethod = element ? element._paymentMethod() : undefined;
      var problem = element ? element._problem() : validationError('No payment element is mounted.');
      if (problem) return Promise.resolve({ error: problem });
      var intentId = String(secret).split('_secret_')[0];
      var path = kind === 'payment' ? '/v1/payment_intents/' : '/v1/setup_intents/';
      // Like Stripe.js: a publishable key confirms only with the intent's client_secret.
      return post(path + encodeURIComponent(intentId) + '/confirm', {
        payment_method: paymentMethod,
        client_secret: secret,
      }).then(function (reply) {
        if (!reply.ok) return { error: (reply.body && reply.body.error) || { message: 'Payment failed' } };
        var intent = reply.body;
        if (intent.status === 'requires_action') {
          return {
            error: {
              type: 'card_error',
              code: 'authentication_required',
              message: 'This card requires authentication, which local test mode cannot perform.',
            },
          };
        }
        var returnUrl = params.confirmParams && params.confirmParams.return_url;
        if (params.redirect !== 'if_required' && returnUrl) {
          var name = kind === 'payment' ? 'payment_intent' : 'setup_intent';
          var url = new URL(returnUrl);
          url.searchParams.set(name, intent.id);
          url.searchParams.set(name + '_client_secret', secret);
          url.searchParams.set('redirect_status', intent.status);
          window.location.assign(url.toString());
        }
        return kind === 'payment' ? { paymentIntent: intent } : { setupIntent: intent };
      });
    }

    return {
      _localMode: true,
      elements: createElements,
      confirmPayment: function (params) {
        return confirm('payment', params);
      },
      confirmSetup: function (params) {
        return confirm('setup', params);
      },
      confirmCardPayment: function (clientSecret, data) {
        var method = data && typeof data.payment_method === 'string' ? data.payment_method : 'pm_card_visa';
        var intentId = String(clientSecret).split('_secret_')[0];
        return post('/v1/payment_intents/' + encodeURIComponent(intentId) + '/confirm', {
          payment_method: method,
          client_secret: clientSecret,
        }).then(function (reply) {
          return reply.ok ? { paymentIntent: reply.body } : { error: reply.body.error };
        });
      },
      createPaymentMethod: function () {
        return Promise.resolve({ paymentMethod: { id: 'pm_card_visa', type: 'card' } });
      },
      createToken: function () {
        return Promise.resolve({
          error: { type: 'invalid_request_error', message: 'Tokens are not supported in local test mode.' },
        });
      },
      retrievePaymentIntent: function () {
        return Promise.resolve({ error: { message: 'Not supported in local test mode.' } });
      },
      registerAppInfo: function () {},
      _registerWrapper: function () {},
    };
  }

  window.Stripe = Stripe;
})();
