import { useNotify } from 'ra-core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { registerBridge } from '.';

/** Lets the http client, which lives outside React, toast and navigate. */
export function Bridge() {
  const notify = useNotify();
  const navigate = useNavigate();
  useEffect(() => {
    registerBridge((message, type) => notify(message, { type }), navigate);
  }, [notify, navigate]);
  return null;
}
