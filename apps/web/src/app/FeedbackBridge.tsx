import { App } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { feedback, navigation } from '../lib/feedback';

/** Hands antd's themed feedback API and the router's navigate to code outside components. */
export function FeedbackBridge() {
  const api = App.useApp();
  const navigate = useNavigate();
  useEffect(() => {
    feedback.current = api;
    navigation.current = (to, opts) => navigate(to, opts);
  }, [api, navigate]);
  return null;
}
